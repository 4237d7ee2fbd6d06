/** What other features use of the notices: the member area's home lists them (docs/architecture.md#a-features-anatomy). */
export { noticeListQuery, noticeQuery, queryFromParams } from './api';
