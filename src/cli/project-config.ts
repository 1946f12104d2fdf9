/**
 * @module cli/project-config
 * The CLI reads a project's configuration through the project module (`src/project/`).
 */
export {
  catalogOptionsFrom,
  type LoadedProjectConfig,
  MAX_CONFIG_BYTES,
  readProjectConfig,
  sourceOptionsFrom,
  withConfigDiagnostics,
} from '../project/index.js';
