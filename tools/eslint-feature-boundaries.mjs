import path from 'node:path';

/**
 * client/src/features/<name>/ may import its own files and client/src/shared/, never another
 * feature: features stay independent, and what they share lives in shared/ where it can be seen.
 */
export const featureBoundaries = {
  meta: {
    type: 'problem',
    messages: {
      crossFeature: "Feature '{{from}}' imports feature '{{to}}': share code through client/src/shared instead.",
    },
  },
  create(context) {
    const file = context.filename;
    const featuresRoot = file.slice(0, file.indexOf(`${path.sep}features${path.sep}`) + '/features/'.length);
    const featureOf = (target) => {
      if (!target.startsWith(featuresRoot)) return undefined;
      return target.slice(featuresRoot.length).split(path.sep)[0];
    };
    const from = featureOf(file);
    if (!from) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const to = featureOf(path.resolve(path.dirname(file), source));
      if (to && to !== from) context.report({ node, messageId: 'crossFeature', data: { from, to } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
