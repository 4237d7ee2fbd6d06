/** Quick order and reorder (docs/requirements.md): what other features show of them. */
export { ReorderButton } from './ReorderButton';
export { RT } from './texts';
