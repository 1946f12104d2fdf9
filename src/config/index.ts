/**
 * @module config
 * A project's configuration file (`.ctxloom/config.yaml`): parsing and validation, pure.
 */
export {
  CONFIG_CODES,
  type ParsedProjectConfig,
  PROJECT_CONFIG_FILES,
  type ProjectConfig,
  parseProjectConfig,
} from './project-config.js';
