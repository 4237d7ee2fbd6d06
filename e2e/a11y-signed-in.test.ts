import { auditLegs } from './a11y-audit.js';

/** The member's and the staff's legs of the axe audit (e2e/a11y-audit.ts). */
auditLegs('signed-in');
