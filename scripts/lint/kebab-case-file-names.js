// An ESLint rule of Kiln's own: file names are kebab-case (lower-case words joined by hyphens),
// with dotted suffixes such as .test or .d allowed, so names read the same everywhere and never
// differ only by case between file systems.
const KEBAB_CASE = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)*$/;

/** @type {import('eslint').Rule.RuleModule} */
export const kebabCaseFileNames = {
  meta: {
    type: 'suggestion',
    docs: { description: 'File names are kebab-case.' },
    messages: { notKebab: 'Name the file in kebab-case: {{name}} is not.' },
    schema: [],
  },
  create(context) {
    return {
      Program(node) {
        const name = context.physicalFilename.split(/[\\/]/).at(-1) ?? '';
        if (!KEBAB_CASE.test(name)) context.report({ node, messageId: 'notKebab', data: { name } });
      },
    };
  },
};
