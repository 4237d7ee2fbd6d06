/** What other features use of the legal documents: the sign-up shows them (docs/architecture.md#a-features-anatomy). */
export { LegalText, useLegalDocuments } from './LegalPages';
