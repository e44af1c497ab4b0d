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
