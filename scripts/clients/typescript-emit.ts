/**
 * The TypeScript client's JavaScript twins and declarations (`dist/`), from its sources: what an
 * installed package needs besides `src/` (scripts/clients/typescript.ts).
 */
import ts from 'typescript';

export const HEADER =
  '// GENERATED FILE: do not edit. Regenerate with `npm run generate:clients` (scripts/clients/).\n';

const fail = (message: string): never => {
  throw new Error(`typescript client: ${message}`);
};

/**
 * The JavaScript twin of a source. Node 24 strips types only outside node_modules
 * (ERR_UNSUPPORTED_NODE_MODULES_TYPE_STRIPPING), so an installed package needs JavaScript to load;
 * TypeScript's own transpiler removes the types and rewrites `./x.ts` imports to `./x.js`.
 */
export function javascript(source: string): string {
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      verbatimModuleSyntax: true,
      rewriteRelativeImportExtensions: true,
    },
  });
  return outputText;
}

/**
 * The declarations of a source, for TypeScript projects that install the package: a `.ts` file
 * in node_modules is compiled as the consumer's own code, so without `allowImportingTsExtensions`
 * its `./x.ts` imports fail (TS5097) and the consumer's stricter options apply to it. Every export
 * of the generated code has an explicit type, so each file is declared on its own.
 */
export function declarations(source: string, fileName: string): string {
  const { outputText, diagnostics } = ts.transpileDeclaration(source, {
    fileName,
    reportDiagnostics: true,
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
  });
  if (diagnostics?.length) {
    const messages = diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, ' '));
    fail(`declarations of ${fileName}: ${messages.join('; ')}`);
  }
  // `./core.js` names `./core.d.ts` for TypeScript, as the JavaScript twin names `./core.js`.
  const text = outputText.replace(/(from\s+|import\()(['"])(\.\.?\/[^'"]+)\.ts\2/g, '$1$2$3.js$2');
  // Declaration emit drops line comments, the generated-file header among them.
  return text.startsWith(HEADER) ? text : HEADER + text;
}
