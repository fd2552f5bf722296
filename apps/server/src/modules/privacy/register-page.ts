/** Where docs/privacy.md carries the register's table (written by `npm run privacy:register`). */
export const REGISTER_START =
  '<!-- register:start (npm run privacy:register writes this table from modules/privacy/register.ts) -->';
export const REGISTER_END = '<!-- register:end -->';
