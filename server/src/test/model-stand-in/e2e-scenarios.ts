import type { ScriptedReply } from './schemas';

/**
 * Scenarios the end-to-end suite can name with `[scenario:NAME]` in a prompt; the stand-in's
 * server entry registers them all. Data only: one entry per scenario, one reply per model call.
 * The tool names and arguments are those Kiln's agent offers.
 */
export const E2E_SCENARIOS: Record<string, ScriptedReply[]> = {
  /**
   * Reads the page, changes its heading, says what it did. The heading is the html-css
   * template's (server/templates/html-css/index.html).
   */
  'e2e-edit': [
    {
      text: 'Let me look at the page first.',
      toolCalls: [{ name: 'read_file', arguments: { path: 'index.html' } }],
    },
    {
      toolCalls: [
        {
          name: 'edit_file',
          arguments: {
            path: 'index.html',
            search: '<h1>We build calm, fast websites',
            replace: '<h1>Edited by the AI. We build calm, fast websites',
          },
        },
      ],
    },
    { text: 'I changed the heading in index.html.' },
  ],
  /** Creates a folder and a file in it. */
  'e2e-create': [
    { toolCalls: [{ name: 'create_folder', arguments: { path: 'pages' } }] },
    {
      toolCalls: [
        {
          name: 'write_file',
          arguments: {
            path: 'pages/about.html',
            content: '<h1>About</h1>\n<p>Made with Kiln.</p>\n',
          },
        },
      ],
    },
    { text: 'I added pages/about.html.' },
  ],
  /** Lists, searches, then renames and deletes. */
  'e2e-tidy': [
    { toolCalls: [{ name: 'list_files', arguments: {} }] },
    { toolCalls: [{ name: 'search_files', arguments: { query: 'TODO', caseSensitive: false } }] },
    {
      toolCalls: [
        { name: 'rename_path', arguments: { from: 'style.css', to: 'styles.css' } },
        { name: 'delete_path', arguments: { path: 'notes.txt' } },
      ],
    },
    { text: 'I renamed style.css to styles.css and deleted notes.txt.' },
  ],
  /** Runs the entry file and reports. */
  'e2e-run': [
    { toolCalls: [{ name: 'run_file', arguments: { path: 'main.js' } }] },
    { text: 'main.js ran.' },
  ],
  /** A long answer streamed slowly, to watch tokens arrive and to stop it midway. */
  'e2e-slow': [
    {
      text: 'Streaming slowly so the answer can be watched or stopped. '.repeat(20).trim(),
      delayMs: 150,
    },
  ],
  /** Never sends a token: Kiln's no-token timeout must fire. */
  'e2e-hang': [{ hang: true }],
  /** Cuts the connection after a few words. */
  'e2e-drop': [{ drop: true, text: 'Starting to answer, then' }],
  'e2e-invalid-key': [{ fail: 'invalid-key' }],
  'e2e-rate-limit': [{ fail: 'rate-limit' }],
  'e2e-context-length': [{ fail: 'context-length' }],
  'e2e-server-error': [{ fail: 'server-error' }],
  /**
   * The create dialog's planning chat answers with a plan that names the next scenario; the
   * project generation quotes the plan, so it follows `e2e-build`.
   */
  'e2e-plan': [
    {
      text: 'Here is the plan: a one-page counter with a button that adds one to a count, in plain HTML and JavaScript. Press Create and I will build it. [scenario:e2e-build]',
    },
  ],
  /** Builds the counter the plan promised. */
  'e2e-build': [
    {
      text: 'Building the counter.',
      toolCalls: [
        {
          name: 'write_file',
          arguments: {
            path: 'index.html',
            content:
              '<!doctype html>\n<title>Counter</title>\n<h1>Counter</h1>\n<button id="add">Add one</button>\n<p id="count">0</p>\n<script src="counter.js"></script>\n',
          },
        },
        {
          name: 'write_file',
          arguments: {
            path: 'counter.js',
            content:
              "let count = 0;\ndocument.getElementById('add').addEventListener('click', () => {\n  count += 1;\n  document.getElementById('count').textContent = String(count);\n});\n",
          },
        },
      ],
    },
    { text: 'I built a counter page: index.html with a button, and counter.js.' },
  ],
  /** A build slow enough to watch from the editor: index.html at once, styles.css 20 s later. */
  'e2e-build-slow': [
    {
      delayMs: 150,
      toolCalls: [
        { name: 'write_file', arguments: { path: 'index.html', content: '<h1>Slow build</h1>\n' } },
      ],
    },
    {
      // Twenty seconds of thinking between the two files, so the editor (slow to load on a busy
      // machine) is open while the generation is still under way.
      delayMs: 400,
      text: [
        'Now the styles, one moment while I think about colours and spacing for the page.',
        ...Array.from({ length: 50 }, () => ' Still thinking.'),
      ],
      toolCalls: [
        { name: 'write_file', arguments: { path: 'styles.css', content: 'h1 { color: teal }\n' } },
      ],
    },
    { text: 'Built a page with its styles.' },
  ],
  /**
   * A whole orchestration of the html-css template, one scenario per role (the stand-in tells
   * the roles apart by their prompts): the developer changes the heading and adds a module, the
   * reviewer finds one thing at index.html line 32 (the heading), the tester's file passes.
   */
  'e2e-orchestrate.architect': [
    {
      delayMs: 100,
      text: JSON.stringify({
        overview: 'Give the page a new heading and a greeting module with a test.',
        features: ['A new heading', 'A greeting function'],
        techStack: ['HTML', 'JavaScript'],
        steps: [
          { step: 1, description: 'Change the heading in index.html' },
          { step: 2, description: 'Add greeting.js exporting greet(name)' },
        ],
      }),
    },
  ],
  'e2e-orchestrate.develop': [
    {
      delayMs: 100,
      toolCalls: [
        {
          name: 'edit_file',
          arguments: {
            path: 'index.html',
            search: '<h1>We build calm, fast websites for small teams.</h1>',
            replace: '<h1>Built by the Kiln agents</h1>',
          },
        },
        {
          name: 'write_file',
          arguments: {
            path: 'greeting.js',
            content:
              'function greet(name) {\n  return `Hello, ${name}!`;\n}\n\nmodule.exports = { greet };\n',
          },
        },
      ],
    },
    { text: 'I changed the heading and added greeting.js.' },
  ],
  'e2e-orchestrate.review': [
    {
      delayMs: 100,
      text: JSON.stringify({
        findings: [
          {
            file: 'index.html',
            line: 32,
            severity: 'info',
            category: 'content',
            message: 'The heading no longer says what the studio does.',
            suggestion: 'Add a subtitle that keeps the old promise.',
          },
        ],
      }),
    },
  ],
  'e2e-orchestrate.test': [
    {
      delayMs: 100,
      text: JSON.stringify({
        description: 'Checks the greeting module.',
        testCases: [
          {
            name: 'greets by name',
            type: 'unit',
            steps: ['call greet("Ada")'],
            expectedResult: 'Hello, Ada!',
          },
        ],
        files: [
          {
            path: 'tests/greeting.test.js',
            content:
              "const assert = require('node:assert');\nconst { greet } = require('../greeting.js');\nassert.strictEqual(greet('Ada'), 'Hello, Ada!');\nconsole.log('greet works');\n",
          },
        ],
      }),
    },
  ],
  /** A quick action (improve) on a file holding the marker: `add` becomes an arrow function. */
  'e2e-improve': [
    {
      delayMs: 100,
      text: 'Used an arrow function.\n\n```js\n// [scenario:e2e-improve]\nconst add = (a, b) => a + b;\n\nmodule.exports = { add };\n```',
    },
  ],
};
