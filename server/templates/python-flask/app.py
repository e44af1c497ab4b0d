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
