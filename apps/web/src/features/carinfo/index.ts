/** Nothing of this feature is used by another; its pages are loaded by the route table (docs/architecture.md#boundaries). */
export {};
