import { join } from 'node:path';
import ts from 'typescript';
import { objectLabel, type KubeObject } from './deployment-files';

/**
 * Validates Kubernetes objects against the API's own schemas, strictly: an unknown field is an
 * error, as `kubectl apply --validate=strict` makes it on a cluster.
 *
 * The schemas are the TypeScript models of `kubernetes-models` (core API, generated from the
 * Kubernetes OpenAPI spec) and `@kubernetes-models/keda` (generated from KEDA's CRDs); versions in
 * apps/operations/package.json. Their bundled runtime validators ignore unknown fields, but the
 * compiler's excess-property check on an object literal does not: each object is written out as a
 * literal typed with its kind's interface and type-checked. Types, required fields, enums of string
 * literals and unknown fields all fail the check.
 */

/** Where a kind's model lives: core groups in kubernetes-models, CRDs in their own package. */
function modelModule(apiVersion: string, kind: string): string {
  const group = apiVersion.includes('/') ? apiVersion.slice(0, apiVersion.indexOf('/')) : '';
  const version = apiVersion.slice(apiVersion.indexOf('/') + 1);
  if (group === 'keda.sh') {
    return `@kubernetes-models/keda/keda.sh/${version}/${kind}`;
  }
  return group === '' ? `kubernetes-models/v1/${kind}` : `kubernetes-models/${group}/${version}/${kind}`;
}

const compilerOptions: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  skipLibCheck: true,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  target: ts.ScriptTarget.ES2023,
  types: [],
};

/** One problem per line: `<Kind>/<name> line <n> (<source line>): <compiler message>`. */
export function kubernetesSchemaProblems(objects: KubeObject[]): string[] {
  // Inside this project, so that module resolution finds its node_modules; never written to disk.
  const files = new Map(
    objects.map((object, index) => {
      const body = JSON.stringify(object, null, 2);
      const source =
        `import type { I${object.kind} } from '${modelModule(object.apiVersion, object.kind)}';\n` +
        `export const manifest: I${object.kind} = ${body};\n`;
      return [join(__dirname, `manifest-${index}.mts`), { object, source }] as const;
    }),
  );
  const host = ts.createCompilerHost(compilerOptions);
  const readSourceFile = host.getSourceFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  host.getSourceFile = (fileName, languageVersion, ...rest) => {
    const virtual = files.get(fileName);
    return virtual
      ? ts.createSourceFile(fileName, virtual.source, languageVersion)
      : readSourceFile(fileName, languageVersion, ...rest);
  };
  host.fileExists = (fileName) => files.has(fileName) || fileExists(fileName);
  const program = ts.createProgram([...files.keys()], compilerOptions, host);

  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
    const virtual = diagnostic.file ? files.get(diagnostic.file.fileName) : undefined;
    if (!diagnostic.file || !virtual || diagnostic.start === undefined) {
      return message;
    }
    const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    const text = virtual.source.split('\n')[line]?.trim() ?? '';
    return `${objectLabel(virtual.object)} line ${line} (${text}): ${message}`;
  });
}
