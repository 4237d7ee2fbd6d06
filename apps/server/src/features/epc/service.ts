/**
 * What the catalogue calls read (docs/requirements.md#catalogue-calls), one file per concern:
 * vehicles by VIN (vehicles.ts), main groups and the structure below them (groups.ts), the parts
 * of a diagram with their hotspots and the shop's products (diagram.ts), replacement numbers and
 * the part-number search (part-numbers.ts), where a hit sits (hit-place.ts), the word list
 * (words.ts). Whether a VIN is open to the deeper calls, and the quota, are in quota.ts. Refusals
 * are thrown as AppError (refusals.ts).
 */
export { diagramParts, partsWithProducts, type DiagramParts, type ImgPoint, type PartRow } from './diagram.js';
export { mainGroups, structure, type MainGroup, type StructureNode } from './groups.js';
export { hitPlace, type HitPlace } from './hit-place.js';
export { replacementsFor, searchPartNumbers, type PartHit, type Replacement } from './part-numbers.js';
export { findVehicle, vehicleConfig, vehicleOf, vehicleTitle, type Vehicle, type VehicleInfo } from './vehicles.js';
export { epcLang, type EpcLang } from './words.js';
