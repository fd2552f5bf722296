/**
 * The house's boundaries (STYLE.md), checked in `npm test` by dependency-cruiser:
 * web features never import each other; lib/ and components/ never import features/ or app/;
 * the demo seed does not import modules; nothing under src/ imports test code. Cycles between the
 * server's module folders are found by scripts/check-boundaries.mjs from this cruise's graph
 * (dependency-cruiser's folder rules count cycles through lib/ and i18n/, which every module uses).
 */
/** Specs and the fixtures only specs import: they may reach anywhere, nothing may reach them. */
const TEST_CODE = '(\\.test\\.tsx?$|/test-fixtures\\.ts$|^apps/server/test/|^e2e/)';

module.exports = {
  forbidden: [
    {
      name: 'web-feature-to-feature',
      comment:
        'A web feature never imports another feature: shared code goes to components/ui, lib or config.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/', pathNot: TEST_CODE },
      to: { path: '^apps/web/src/features/([^/]+)/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-shared-to-feature-or-app',
      comment: 'lib/, components/ and config/ serve every feature: they never import features/ or app/.',
      severity: 'error',
      from: { path: '^apps/web/src/(lib|components|config)/', pathNot: TEST_CODE },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'seed-to-module',
      comment: 'The demo seed writes tables; it does not call the domains.',
      severity: 'error',
      from: { path: '^apps/server/src/db/seed/' },
      to: { path: '^apps/server/src/modules/' },
    },
    {
      name: 'src-to-test',
      comment: 'Production code never imports test code.',
      severity: 'error',
      from: { path: '^(apps/[^/]+|packages/[^/]+)/src/', pathNot: TEST_CODE },
      to: { path: TEST_CODE },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(node_modules|/dist/)' },
    tsPreCompilationDeps: true,
    combinedDependencies: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
