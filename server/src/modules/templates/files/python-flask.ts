import type { TemplateFile } from '@kiln/shared';
import { file } from './define';

export const pythonFlaskFiles: TemplateFile[] = [
  file(
    'README.md',
    `
# Python + Flask

A [Flask](https://flask.palletsprojects.com) web app with a Jinja template, static files, a
small JSON API and tests using pytest and Flask's test client.

## Run it

\`\`\`bash
python3 -m venv .venv
source .venv/bin/activate        # on Windows: .venv\\Scripts\\activate
pip install -r requirements.txt

flask --app app run --debug      # http://127.0.0.1:5000, reloads on change
# or
python app.py                    # honours PORT and FLASK_DEBUG
\`\`\`

## Test it

\`\`\`bash
pytest
\`\`\`

## Routes

| Method | Path                 | Does                                   |
| ------ | -------------------- | -------------------------------------- |
| GET    | /                    | renders \`templates/index.html\`         |
| GET    | /api/health          | \`{"status": "ok"}\`                     |
| GET    | /api/greet?name=Ada  | \`{"message": "Hello, Ada!"}\`           |

## Layout

- \`app.py\`: the application factory and its routes
- \`templates/\`: Jinja templates
- \`static/\`: CSS and JavaScript served at \`/static/...\`
- \`tests/\`: pytest tests
`,
  ),
  file(
    '.gitignore',
    `
.venv/
__pycache__/
*.pyc
.pytest_cache/
instance/
.env
`,
  ),
  file(
    'requirements.txt',
    `
Flask>=3.1,<4
pytest>=8
`,
  ),
  file(
    'pytest.ini',
    `
[pytest]
testpaths = tests
pythonpath = .
`,
  ),
  file(
    'app.py',
    `
"""A small Flask app: one page and a JSON API."""

import os

from flask import Flask, jsonify, render_template, request

MAX_NAME_LENGTH = 50


def create_app(config=None):
    """Build the app; tests pass their own config."""
    app = Flask(__name__)
    app.config.from_mapping(
        SECRET_KEY=os.environ.get("SECRET_KEY", "dev-only-change-me"),
    )
    if config:
        app.config.update(config)

    @app.get("/")
    def index():
        features = [
            "Jinja templates with template inheritance",
            "Static files served from /static",
            "JSON endpoints under /api",
            "Tests with pytest and the Flask test client",
        ]
        return render_template("index.html", features=features)

    @app.get("/api/health")
    def health():
        return jsonify(status="ok")

    @app.get("/api/greet")
    def greet():
        name = request.args.get("name", "world").strip() or "world"
        if len(name) > MAX_NAME_LENGTH:
            return jsonify(error=f"name must be at most {MAX_NAME_LENGTH} characters"), 400
        return jsonify(message=f"Hello, {name}!")

    @app.errorhandler(404)
    def not_found(error):
        if request.path.startswith("/api/"):
            return jsonify(error="Not found"), 404
        return render_template("404.html"), 404

    return app


app = create_app()

if __name__ == "__main__":
    app.run(
        host=os.environ.get("HOST", "127.0.0.1"),
        port=int(os.environ.get("PORT", "5000")),
        debug=os.environ.get("FLASK_DEBUG") == "1",
    )
`,
  ),
  file(
    'templates/base.html',
    `
<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>{% block title %}Flask App{% endblock %}</title>
    <link rel="stylesheet" href="{{ url_for('static', filename='style.css') }}" />
  </head>
  <body>
    <header class="site-header">
      <a class="brand" href="{{ url_for('index') }}">Flask App</a>
    </header>
    <main class="container">
      {% block content %}{% endblock %}
    </main>
    <script src="{{ url_for('static', filename='app.js') }}" defer></script>
  </body>
</html>
`,
  ),
  file(
    'templates/index.html',
    `
{% extends "base.html" %}

{% block content %}
  <h1>Hello from Flask</h1>
  <p class="lead">This page is rendered by <code>templates/index.html</code>.</p>

  <ul class="features">
    {% for feature in features %}
      <li>{{ feature }}</li>
    {% endfor %}
  </ul>

  <section class="card">
    <h2>Try the API</h2>
    <form id="greet-form" class="greet-form">
      <input name="name" placeholder="Your name" aria-label="Your name" maxlength="50" />
      <button type="submit">Greet me</button>
    </form>
    <p id="greeting" class="greeting" aria-live="polite"></p>
  </section>
{% endblock %}
`,
  ),
  file(
    'templates/404.html',
    `
{% extends "base.html" %}

{% block title %}Page not found{% endblock %}

{% block content %}
  <h1>Page not found</h1>
  <p>That page does not exist. <a href="{{ url_for('index') }}">Go back home</a>.</p>
{% endblock %}
`,
  ),
  file(
    'static/style.css',
    `
:root {
  --accent: #2563eb;
  --muted: #5b6474;
  --border: #e2e6ee;
  font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
  line-height: 1.6;
  color: #1b2130;
  background: #f7f8fb;
}

body {
  margin: 0;
}

.site-header {
  padding: 1rem 1.5rem;
  background: #ffffff;
  border-bottom: 1px solid var(--border);
}

.brand {
  font-weight: 700;
  color: inherit;
  text-decoration: none;
}

.container {
  width: min(680px, 100% - 2rem);
  margin: 0 auto;
  padding: 2.5rem 0;
}

h1 {
  margin-top: 0;
  font-size: 2.4rem;
}

.lead {
  color: var(--muted);
  font-size: 1.1rem;
}

code {
  font-family: ui-monospace, Consolas, monospace;
}

.features li {
  margin-bottom: 0.3rem;
}

.card {
  margin-top: 2rem;
  padding: 1.5rem;
  border: 1px solid var(--border);
  border-radius: 14px;
  background: #ffffff;
}

.card h2 {
  margin-top: 0;
}

.greet-form {
  display: flex;
  gap: 0.5rem;
}

.greet-form input {
  flex: 1;
  font: inherit;
  padding: 0.55rem 0.8rem;
  border: 1px solid var(--border);
  border-radius: 8px;
}

.greet-form button {
  font: inherit;
  padding: 0.55rem 1rem;
  border: 0;
  border-radius: 8px;
  background: var(--accent);
  color: #ffffff;
  cursor: pointer;
}

.greeting {
  min-height: 1.6em;
  font-weight: 600;
  color: var(--accent);
}
`,
  ),
  file(
    'static/app.js',
    `
// Calls the JSON API from the page without reloading it.
const form = document.getElementById('greet-form');
const output = document.getElementById('greeting');

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  const name = new FormData(form).get('name');
  try {
    const response = await fetch(\`/api/greet?name=\${encodeURIComponent(name)}\`);
    const body = await response.json();
    output.textContent = response.ok ? body.message : body.error;
  } catch {
    output.textContent = 'Could not reach the server.';
  }
});
`,
  ),
  file(
    'tests/test_app.py',
    `
import pytest

from app import create_app


@pytest.fixture
def client():
    app = create_app({"TESTING": True})
    with app.test_client() as client:
        yield client


def test_index_renders_the_page(client):
    response = client.get("/")
    assert response.status_code == 200
    assert b"Hello from Flask" in response.data


def test_health_answers_ok(client):
    response = client.get("/api/health")
    assert response.status_code == 200
    assert response.get_json() == {"status": "ok"}


def test_greet_uses_the_name(client):
    response = client.get("/api/greet", query_string={"name": "Ada"})
    assert response.get_json() == {"message": "Hello, Ada!"}


def test_greet_defaults_to_world(client):
    response = client.get("/api/greet")
    assert response.get_json() == {"message": "Hello, world!"}


def test_greet_refuses_a_long_name(client):
    response = client.get("/api/greet", query_string={"name": "x" * 51})
    assert response.status_code == 400
    assert "at most 50" in response.get_json()["error"]


def test_unknown_api_path_is_json_404(client):
    response = client.get("/api/nope")
    assert response.status_code == 404
    assert response.get_json() == {"error": "Not found"}


def test_unknown_page_is_html_404(client):
    response = client.get("/nope")
    assert response.status_code == 404
    assert b"Page not found" in response.data
`,
  ),
];
