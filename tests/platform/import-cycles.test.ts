/**
 * No import cycles in the code, type-only imports included: every module's dependencies can be
 * read from the bottom up. TypeScript's own pre-processor lists each file's imports (static,
 * dynamic, type-only and re-exports); a strongly connected component of more than one file, or a
 * file importing itself, is a cycle. The server's folders (its modules, core/ and db/ among them)
 * are held to the same between themselves: a module may lean on those below it, never back up.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOTS = ['src', 'scripts', 'tests'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Each file's imports of other files of the project (packages are left out). */
export function importGraph(files: string[]): Map<string, string[]> {
  const known = new Set(files);
  return new Map(
    files.map((file) => {
      const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
      const targets = importedFiles
        .map(({ fileName }) => fileName)
        .filter((name) => name.startsWith('.'))
        .map((name) => path.join(path.dirname(file), name))
        .filter((target) => known.has(target));
      return [file, targets];
    }),
  );
}

/** Tarjan's strongly connected components with more than one file, or a file importing itself. */
export function cyclesOf(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const lowest = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    lowest.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        lowest.set(file, Math.min(lowest.get(file)!, lowest.get(target)!));
      } else if (onStack.has(target)) {
        lowest.set(file, Math.min(lowest.get(file)!, index.get(target)!));
      }
    }
    if (lowest.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || graph.get(file)?.includes(file)) cycles.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return cycles;
}

describe('imports', () => {
  it('form no cycle, type-only imports included', () => {
    const files = ROOTS.flatMap((root) => sourceFiles(root));
    expect(files.length).toBeGreaterThan(100);
    expect(cyclesOf(importGraph(files))).toEqual([]);
  });

  it('are found in a cycle when there is one', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(cyclesOf(graph)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
  });

  it("leave no cycle between the server's folders", () => {
    // A unit test beside the code may build what it tests from above; the code itself may not.
    const code = sourceFiles(SERVER).filter((file) => !file.endsWith('.test.ts'));
    const graph = folderGraph(importGraph(code));
    expect(graph.size).toBeGreaterThan(15);
    expect(cyclesOf(graph)).toEqual([]);
  });

  it('find a cycle between folders when one module imports another that imports it', () => {
    const files = new Map([
      [`${SERVER}/books/books.service.ts`, [`${SERVER}/core/clock.ts`]],
      [`${SERVER}/circulation/shelf.ts`, [`${SERVER}/books/books.service.ts`]],
      [`${SERVER}/books/book-order.ts`, [`${SERVER}/circulation/shelf.ts`]],
      [`${SERVER}/core/clock.ts`, []],
    ]);
    expect(cyclesOf(folderGraph(files))).toEqual([['books', 'circulation']]);
  });
});

const SERVER = 'src/server';

/** The server's folders (a file at its top is a node of its own) and which import which. */
function folderGraph(files: Map<string, string[]>): Map<string, string[]> {
  const folderOf = (file: string) => path.relative(SERVER, file).split(path.sep)[0] ?? file;
  const graph = new Map<string, Set<string>>();
  for (const [file, targets] of files) {
    const from = folderOf(file);
    const edges = graph.get(from) ?? new Set<string>();
    for (const target of targets) if (folderOf(target) !== from) edges.add(folderOf(target));
    graph.set(from, edges);
  }
  return new Map([...graph].map(([folder, edges]) => [folder, [...edges]]));
}
