/**
 * @module skills/render-catalog
 * The catalog block's format lives with the prompt section that shows it (`prompt/skills-catalog`);
 * the budget here measures exactly that text.
 */
export {
  CATALOG_CLOSE,
  CATALOG_OPEN,
  renderCatalogLine,
  renderOmittedLine,
  renderSkillCatalog,
} from '../prompt/index.js';
