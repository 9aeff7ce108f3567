export * from './page-viewer';
