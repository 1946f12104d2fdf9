/**
 * @module sources/secret-files
 * Names of files that usually hold local secrets (`.env`, private keys, registry and netrc
 * credentials). Such files are never gitignored-safe to show a model: an instruction file that
 * imports one (`@.env`) would put the user's local secrets, which the repository itself cannot
 * see, into the prompt. Pure.
 */

/** `.env` variants that hold no secrets by convention (templates), as in the scanner's rules. */
const ENV_TEMPLATES = ['.example', '.sample', '.template', '.dist', '.defaults', '.tmpl', '.tpl'];

const SECRET_NAMES = new Set([
  '.envrc',
  '.npmrc',
  '.netrc',
  '_netrc',
  '.pypirc',
  '.git-credentials',
  '.htpasswd',
  '.dockercfg',
  'credentials',
  'credentials.json',
  'secrets.json',
  'secrets.yaml',
  'secrets.yml',
  'id_rsa',
  'id_dsa',
  'id_ecdsa',
  'id_ed25519',
]);

const SECRET_EXTENSIONS = ['.pem', '.key', '.p12', '.pfx', '.jks', '.keystore', '.kdbx', '.gpg'];

/** True when a file's base name says it most likely holds secrets. */
export function isSecretFileName(path: string): boolean {
  const base = (path.split(/[\\/]/).pop() ?? path).toLowerCase();
  if (base === '.env') return true;
  if (base.startsWith('.env.')) return !ENV_TEMPLATES.some((t) => base.endsWith(t));
  if (SECRET_NAMES.has(base)) return true;
  return SECRET_EXTENSIONS.some((e) => base.endsWith(e));
}
