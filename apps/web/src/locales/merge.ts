/** A language's texts: groups of keys down to the texts (translator.ts reads them). */
export type TranslationTree = { [key: string]: string | TranslationTree };

const definedTwice = (path: string, name: string, file: string) =>
  new Error(`Translation key ${path}${name} is defined twice (again in ${file})`);

/**
 * One tree of several locale files, each `[file, tree]`: groups are merged, and a key defined in
 * two files is a mistake (it throws, naming the key and the second file). Dependency-free: the
 * build merges each language's parts with it (build/text-parts.ts), the tests all texts at once
 * (lib/i18n.ts).
 */
export function mergeTranslationTrees(trees: ReadonlyArray<[string, TranslationTree]>): TranslationTree {
  const merged: TranslationTree = {};
  const place = (target: TranslationTree, source: TranslationTree, path: string, file: string) => {
    for (const [name, value] of Object.entries(source)) {
      const existing = target[name];
      // `path` is the branch's prefix (`a.b.`): a key's full name is built for the error only.
      if (typeof value === 'string') {
        if (existing !== undefined) throw definedTwice(path, name, file);
        target[name] = value;
      } else {
        if (typeof existing === 'string') throw definedTwice(path, name, file);
        const branch = existing ?? {};
        target[name] = branch;
        place(branch, value, `${path}${name}.`, file);
      }
    }
  };
  for (const [file, tree] of trees) place(merged, tree, '', file);
  return merged;
}
