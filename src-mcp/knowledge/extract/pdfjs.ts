// Loads pdf.js (Mozilla's PDF library, legacy Node build) on first use.
//
// Why not bundled: esbuild can bundle it (with the worker registered on globalThis.pdfjsWorker),
// but it adds 3.3 MB to dist/mcp/server.js and ~80 ms to every server start — and every
// assistant starts its own server — while only PDF ingestion needs it. So the specifier is
// computed at run time, esbuild leaves the import alone, and Node resolves pdfjs-dist from
// node_modules when the first PDF arrives. A packaged app must therefore ship pdfjs-dist as a
// runtime dependency; if it is missing, only PDF files fail, with a clear message.
import type * as PdfJs from 'pdfjs-dist/legacy/build/pdf.mjs';

export type PdfJsModule = typeof PdfJs;

const PDFJS_SPECIFIER = ['pdfjs-dist', 'legacy', 'build', 'pdf.mjs'].join('/');

let loading: Promise<PdfJsModule> | undefined;

export function loadPdfJs(): Promise<PdfJsModule> {
  loading ??= importPdfJs().catch((error: unknown) => {
    loading = undefined;
    throw new Error(
      `PDF support is not available in this installation (pdfjs-dist could not be loaded: ${(error as Error).message}). ` +
        'Reinstall Co-Scientist, or convert the PDF to text or Markdown and ingest that.',
      { cause: error },
    );
  });
  return loading;
}

async function importPdfJs(): Promise<PdfJsModule> {
  installMatrixStandIn();
  return (await import(PDFJS_SPECIFIER)) as PdfJsModule;
}

/**
 * pdf.js constructs a DOMMatrix when its module loads, for the canvas renderer. Node 20 has no
 * DOMMatrix, and pdf.js's own fallback is the native @napi-rs/canvas package, which may be
 * absent. We only read the text layer, which never uses the matrix, so an identity stand-in
 * lets the module load everywhere.
 */
function installMatrixStandIn(): void {
  const scope = globalThis as { DOMMatrix?: unknown };
  if (scope.DOMMatrix !== undefined) return;
  scope.DOMMatrix = class IdentityMatrix {
    a = 1;
    b = 0;
    c = 0;
    d = 1;
    e = 0;
    f = 0;
  };
}
