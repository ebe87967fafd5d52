/**
 * Import boundaries between the packages, checked by `npm run lint` (dependency-cruiser). The why of each rule is in
 * docs/architecture.md ("Packages and what each may import").
 */
const testFile = '(\\.test\\.tsx?$|/testing/)';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Import cycles hide the order things load in and tie files that should be separate.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'events-stands-alone',
      severity: 'error',
      comment: 'events holds the contract every package shares; it imports none of them.',
      from: { path: '^events/' },
      to: { path: '^(command-api|projector|documents|read-api|rules|ui)/' },
    },
    {
      name: 'command-side-reads-only-its-streams',
      severity: 'error',
      comment:
        'The command API decides from its own streams; it never imports the read side or the processes around it.',
      from: { path: '^command-api/' },
      to: { path: '^(projector|documents|read-api|rules|ui)/' },
    },
    {
      name: 'projector-builds-from-events-only',
      severity: 'error',
      comment: 'The projector folds events into the read model; it knows nothing of the services that use it.',
      from: { path: '^projector/', pathNot: testFile },
      to: { path: '^(command-api|documents|read-api|rules|ui)/' },
    },
    {
      name: 'documents-render-only',
      severity: 'error',
      comment:
        'Documents are made from the read model and events; the package serves the read API and the rules process.',
      from: { path: '^documents/', pathNot: testFile },
      to: { path: '^(command-api|read-api|rules|ui)/' },
    },
    {
      name: 'read-api-reads',
      severity: 'error',
      comment: 'The read API answers from the read model; its tests may drive the command API to make data.',
      from: { path: '^read-api/', pathNot: testFile },
      to: { path: '^(command-api|rules|ui)/' },
    },
    {
      name: 'rules-process-uses-commands-not-the-read-api',
      severity: 'error',
      from: { path: '^rules/' },
      to: { path: '^(read-api|ui)/' },
    },
    {
      name: 'browser-code-imports-only-the-shared-contract',
      severity: 'error',
      comment: 'The browser bundle may carry the shared schemas (events) but no server code.',
      from: { path: '^ui/src/' },
      to: { path: '^(command-api|projector|documents|read-api|rules)/' },
    },
    {
      name: 'ui-features-through-their-index',
      severity: 'error',
      comment: 'A screen uses another screen only through what that feature exports from its index (ui/README.md).',
      from: { path: '^ui/src/features/([^/]+)/' },
      to: {
        path: '^ui/src/features/[^/]+/',
        pathNot: ['^ui/src/features/$1/', '^ui/src/features/[^/]+/index\\.tsx?$'],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    combinedDependencies: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
  },
};
