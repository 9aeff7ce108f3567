export * from './entities.js';
export * from './messages.js';
export * from './paths.js';
export * from './content-models.js';
export * from './password-hash.js';
export * from './admin.js';
export * from './media.js';
export * from './fleet.js';
