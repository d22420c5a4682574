// ESLint (flat config): TypeScript, React hooks, import boundaries and cycles, file names.
// `npm run lint` runs the type checks, then this.
import path from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** One naming convention: kebab-case (dotted for roles: `news.entity.ts`); React component modules in PascalCase. */
const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+(-[a-z0-9]+)*)*\.(ts|tsx|js|cjs|mjs)$/;
const COMPONENT = /^[A-Z][A-Za-z0-9]*(\.[a-z0-9]+)*\.tsx$/;

const local = {
  rules: {
    'file-name': {
      meta: { type: 'suggestion', schema: [], docs: { description: 'kebab-case file names; PascalCase for React components' } },
      create(context) {
        const name = path.basename(context.filename);
        if (!KEBAB.test(name) && !COMPONENT.test(name)) {
          context.report({
            loc: { line: 1, column: 0 },
            message: `File name "${name}": use kebab-case (dotted roles allowed), or PascalCase for a React component (.tsx)`,
          });
        }
        return {};
      },
    },
  },
};

/** Code in `area` may not reach into the insides of the other areas. */
function boundary(area, forbidden) {
  return {
    files: [`web/src/${area}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: forbidden.map((other) => ({
            group: [`**/${other}/**`, `**/${other}`],
            message: `web/src/${area} must not import from web/src/${other} (shared code goes to components/ or the model).`,
          })),
        },
      ],
    },
  };
}

/**
 * The API's layers: transport (HTTP and GraphQL adapters) -> services (business rules, entities,
 * the rest of the feature folders) -> model. Transport is these files; everything else in api/src
 * is a service and may not reach back up.
 */
const API_TRANSPORT = [
  'api/src/{app,main}.ts',
  'api/src/**/*.router.ts',
  'api/src/**/*.routes.ts',
  'api/src/**/*.resolver.ts',
  'api/src/graphql/**',
  'api/src/http/**',
  'api/src/rest/**',
  'api/src/site/**',
];
/**
 * Transport too: Express adapters kept beside their feature (the session middleware and cookie,
 * the caller of a request, the request's EntityManager, the upload routes' multipart readers and gate).
 */
const API_EXPRESS_ADAPTERS = [
  'api/src/auth/session.ts',
  'api/src/auth/session-store.ts',
  'api/src/shared/request-context.ts',
  'api/src/uploads/multipart.ts',
  'api/src/uploads/graphql-multipart.ts',
  'api/src/uploads/upload-gate.ts',
];

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'web/src/graphql/generated/**', 'data/**', 'coverage/**', 'api/src/db/migrations/Migration*.ts'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { 'import-x': importX, local },
    settings: {
      // Dependencies are parsed as TypeScript too, so cycles through .ts files are seen.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js', '.cjs', '.mjs'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['api/tsconfig.json', 'web/tsconfig.json', 'model/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'local/file-name': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // The codebase types loosely at a few framework seams (registries of entities, GraphQL classes).
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-function-type': 'off',
      // Entities merge an interface derived from their content type declaration (`interface News extends ContentRecord<...> {}`).
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      // Control characters are the point of the content model's rule against them.
      'no-control-regex': 'off',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['**/*.{js,cjs,mjs}'],
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', module: 'writable', require: 'readonly', __dirname: 'readonly', URL: 'readonly', Buffer: 'readonly' },
    },
  },
  {
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  // Import boundaries: the public site, the admin panel and the shared components keep to themselves.
  boundary('public', ['admin']),
  boundary('admin', ['public']),
  boundary('components', ['public', 'admin']),
  // The content model has no dependencies: nothing but its own files.
  {
    files: ['model/src/**/*.ts'],
    ignores: ['model/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^[^.]', message: 'The content model imports nothing outside itself.' }] }],
    },
  },
  // The API's layers: services and entities import no transport (Express, routers, resolvers,
  // graphql/, http/, rest/, site/); the model imports nothing from the API or the web app.
  {
    files: ['api/src/**/*.ts'],
    ignores: [...API_TRANSPORT, ...API_EXPRESS_ADAPTERS, 'api/src/db/migrations/Migration*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'express', message: 'Services do not see Express: take plain values, and leave requests and responses to transport (routers, http/).' },
            { name: 'express-session', message: 'Services do not see Express sessions: transport passes the caller.' },
          ],
        },
      ],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...[API_TRANSPORT, API_EXPRESS_ADAPTERS].map((from) => ({
              target: 'api/src/**',
              from,
              message: 'A service or entity may not import transport (routes, resolvers, graphql/, http/, rest/, site/, Express adapters): transport -> services -> model.',
            })),
          ],
        },
      ],
    },
  },
  {
    files: ['model/src/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [{ target: 'model/src/**', from: ['api/**', 'web/**'], message: 'The content model imports nothing from the API or the web app.' }] },
      ],
    },
  },
  // Every source file stays under 250 lines (counting every line): a longer one is split by concern.
  // Tests, generated code and migrations are exempt.
  {
    files: ['api/src/**/*.ts', 'web/src/**/*.{ts,tsx}', 'model/src/**/*.ts', 'bench/**/*.{ts,js,mjs,cjs}', 'e2e/**/*.{ts,js,mjs,cjs}'],
    ignores: ['**/*.test.*'],
    rules: { 'max-lines': ['error', { max: 249, skipBlankLines: false, skipComments: false }] },
  },
);
