/**
 * Request schemas of the kiosk routes. They live in the contract's route schemas
 * (packages/contract/src/route-schemas.ts), the one definition the OpenAPI document and the
 * clients use too; this module only names them for the route files.
 */
export {
  BatchQuery,
  ChangesQuery,
  DevidParams,
  ElementidParams,
  FieldParams,
  FieldsQuery,
  LoginRequest,
  PopulatedParams,
  PublishRequest,
  StreamQuery,
  SubgroupidParams,
  ZoneNameParams,
  ZoneidParams,
} from '@plant-kiosk/contract';
