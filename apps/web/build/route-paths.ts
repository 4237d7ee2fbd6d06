import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The address patterns of the app's routes, read from the route table's source (src/routes.tsx)
 * at build time, so the server can answer an address no route takes with HTTP 404 (the app then
 * shows its not-found page) instead of a soft 404 with status 200.
 *
 * Follows what a route table is made of: objects with `path`, `index` and `children`, arrays spread
 * into arrays (`...adminRoutes`), and arrays declared in the same file or imported from another
 * module of the app. The catch-all `*` is left out: it is the not-found page. A path that is not
 * written as a string (computed) cannot be known: the result is then null and the server answers
 * every page address with 200, as before.
 */
export function routePaths(routesFile: string): string[] | null {
  const found = new Set<string>();
  let unknown = false;
  const seen = new Set<string>();

  const sourceOf = (file: string) =>
    ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);

  /** The initializer of a top-level `const name = …` of a file, following one import if needed. */
  function declaration(name: string, source: ts.SourceFile): { node: ts.Expression; source: ts.SourceFile } | null {
    for (const statement of source.statements) {
      if (ts.isVariableStatement(statement)) {
        for (const decl of statement.declarationList.declarations) {
          if (ts.isIdentifier(decl.name) && decl.name.text === name && decl.initializer)
            return { node: decl.initializer, source };
        }
      }
      if (
        ts.isImportDeclaration(statement) &&
        statement.importClause?.namedBindings &&
        ts.isNamedImports(statement.importClause.namedBindings)
      ) {
        const spec = statement.importClause.namedBindings.elements.find((e) => e.name.text === name);
        const from = (statement.moduleSpecifier as ts.StringLiteral).text;
        if (spec && from.startsWith('.')) {
          const base = path.resolve(path.dirname(source.fileName), from);
          const file = ['.tsx', '.ts', '/index.tsx', '/index.ts']
            .map((ext) => base.replace(/\.js$/, '') + ext)
            .find((f) => fs.existsSync(f));
          if (file) return declaration((spec.propertyName ?? spec.name).text, sourceOf(file));
        }
      }
    }
    return null;
  }

  const unwrap = (node: ts.Expression): ts.Expression =>
    ts.isAsExpression(node) || ts.isSatisfiesExpression(node) || ts.isParenthesizedExpression(node)
      ? unwrap(node.expression)
      : node;

  function routes(expr: ts.Expression, source: ts.SourceFile, parent: string) {
    const node = unwrap(expr);
    if (ts.isIdentifier(node)) {
      const key = `${source.fileName}#${node.text}#${parent}`;
      const target = declaration(node.text, source);
      if (!target) unknown = true;
      else if (!seen.has(key)) {
        seen.add(key);
        routes(target.node, target.source, parent);
      }
      return;
    }
    if (!ts.isArrayLiteralExpression(node)) {
      unknown = true;
      return;
    }
    for (const element of node.elements) {
      if (ts.isSpreadElement(element)) routes(element.expression, source, parent);
      else if (ts.isObjectLiteralExpression(unwrap(element)))
        route(unwrap(element) as ts.ObjectLiteralExpression, source, parent);
    }
  }

  function route(object: ts.ObjectLiteralExpression, source: ts.SourceFile, parent: string) {
    let own: string | null = null;
    let children: ts.Expression | null = null;
    let index = false;
    for (const prop of object.properties) {
      if (ts.isSpreadAssignment(prop)) continue; // `...page(() => import(…))` adds `lazy`, never a path
      if (!ts.isPropertyAssignment(prop) || !(ts.isIdentifier(prop.name) || ts.isStringLiteral(prop.name))) continue;
      const value = unwrap(prop.initializer);
      if (prop.name.text === 'path') {
        if (ts.isStringLiteral(value) || ts.isNoSubstitutionTemplateLiteral(value)) own = value.text;
        else unknown = true;
      } else if (prop.name.text === 'children') children = prop.initializer;
      else if (prop.name.text === 'index' && value.kind === ts.SyntaxKind.TrueKeyword) index = true;
    }
    const full = own === null ? parent : own.startsWith('/') ? own : `${parent.replace(/\/$/, '')}/${own}`;
    if ((own !== null || index) && full.replace(/^\//, '') !== '*') found.add(full || '/');
    if (children) routes(children, source, full);
  }

  const source = sourceOf(routesFile);
  const table = declaration('routes', source);
  if (!table) return null;
  routes(table.node, table.source, '');
  return unknown ? null : [...found].sort();
}
