package main

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func serve(t *testing.T, handler http.Handler, method, target, body string) *httptest.ResponseRecorder {
	t.Helper()
	var request *http.Request
	if body == "" {
		request = httptest.NewRequest(method, target, nil)
	} else {
		request = httptest.NewRequest(method, target, strings.NewReader(body))
		request.Header.Set("Content-Type", "application/json")
	}
	recorder := httptest.NewRecorder()
	handler.ServeHTTP(recorder, request)
	return recorder
}

func decode[T any](t *testing.T, recorder *httptest.ResponseRecorder) T {
	t.Helper()
	var value T
	if err := json.Unmarshal(recorder.Body.Bytes(), &value); err != nil {
		t.Fatalf("decode %q: %v", recorder.Body.String(), err)
	}
	return value
}

func TestHealth(t *testing.T) {
	response := serve(t, newMux(NewStore()), http.MethodGet, "/api/health", "")
	if response.Code != http.StatusOK {
		t.Fatalf("status = %d, want %d", response.Code, http.StatusOK)
	}
	body := decode[map[string]string](t, response)
	if body["status"] != "ok" {
		t.Errorf("status = %q, want %q", body["status"], "ok")
	}
}

func TestCreateListAndGetItem(t *testing.T) {
	mux := newMux(NewStore())

	created := serve(t, mux, http.MethodPost, "/api/items", `{"name":"  Notebook  "}`)
	if created.Code != http.StatusCreated {
		t.Fatalf("create status = %d, want %d; body %s", created.Code, http.StatusCreated, created.Body)
	}
	item := decode[Item](t, created)
	if item.Name != "Notebook" || item.ID != 1 {
		t.Errorf("created item = %+v, want id 1 named Notebook", item)
	}
	if location := created.Header().Get("Location"); location != "/api/items/1" {
		t.Errorf("Location = %q, want /api/items/1", location)
	}

	items := decode[[]Item](t, serve(t, mux, http.MethodGet, "/api/items", ""))
	if len(items) != 1 || items[0].Name != "Notebook" {
		t.Errorf("items = %+v, want the one notebook", items)
	}

	got := serve(t, mux, http.MethodGet, "/api/items/1", "")
	if got.Code != http.StatusOK || decode[Item](t, got).Name != "Notebook" {
		t.Errorf("get item: status %d, body %s", got.Code, got.Body)
	}
}

func TestCreateItemValidation(t *testing.T) {
	tests := []struct {
		name string
		body string
		want string
	}{
		{"blank name", `{"name":"   "}`, "name is required"},
		{"not JSON", `name=Notebook`, "body must be a JSON object with a name"},
		{"too long", `{"name":"` + strings.Repeat("x", 101) + `"}`, "name must be at most 100 characters"},
	}
	for _, test := range tests {
		t.Run(test.name, func(t *testing.T) {
			response := serve(t, newMux(NewStore()), http.MethodPost, "/api/items", test.body)
			if response.Code != http.StatusBadRequest {
				t.Fatalf("status = %d, want %d", response.Code, http.StatusBadRequest)
			}
			if got := decode[map[string]string](t, response)["error"]; got != test.want {
				t.Errorf("error = %q, want %q", got, test.want)
			}
		})
	}
}

func TestGetItemErrors(t *testing.T) {
	mux := newMux(NewStore())
	if code := serve(t, mux, http.MethodGet, "/api/items/42", "").Code; code != http.StatusNotFound {
		t.Errorf("missing item: status = %d, want %d", code, http.StatusNotFound)
	}
	if code := serve(t, mux, http.MethodGet, "/api/items/abc", "").Code; code != http.StatusBadRequest {
		t.Errorf("bad id: status = %d, want %d", code, http.StatusBadRequest)
	}
}

func TestMethodNotAllowed(t *testing.T) {
	response := serve(t, newMux(NewStore()), http.MethodDelete, "/api/health", "")
	if response.Code != http.StatusMethodNotAllowed {
		t.Errorf("status = %d, want %d", response.Code, http.StatusMethodNotAllowed)
	}
}
