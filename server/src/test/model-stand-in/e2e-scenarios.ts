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
  /** A build slow enough to watch from the editor: each step's chunks come 150 ms apart. */
  'e2e-build-slow': [
    {
      delayMs: 150,
      toolCalls: [
        { name: 'write_file', arguments: { path: 'index.html', content: '<h1>Slow build</h1>\n' } },
      ],
    },
    {
      delayMs: 150,
      text: 'Now the styles, one moment while I think about colours and spacing for the page.',
      toolCalls: [
        { name: 'write_file', arguments: { path: 'styles.css', content: 'h1 { color: teal }\n' } },
      ],
    },
    { text: 'Built a page with its styles.' },
  ],
};
