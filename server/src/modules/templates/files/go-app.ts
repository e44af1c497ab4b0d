import type { TemplateFile } from '@kiln/shared';
import { file } from './define';

export const goAppFiles: TemplateFile[] = [
  file(
    'README.md',
    `
# Go Web Server

An HTTP server on the Go standard library alone: \`net/http\` routing with method patterns
(Go 1.22+), JSON handlers, an in-memory store safe for concurrent requests, request logging
and tests with \`net/http/httptest\`.

## Run it

\`\`\`bash
go run .                 # http://localhost:8080 (set PORT to change it)
go test ./...            # run the tests
go build -o server .     # a single static binary
\`\`\`

## Endpoints

| Method | Path              | Does                                    |
| ------ | ----------------- | --------------------------------------- |
| GET    | /                 | a small HTML page                       |
| GET    | /api/health       | \`{"status":"ok"}\`                       |
| GET    | /api/items        | every item                              |
| POST   | /api/items        | add one: \`{"name":"Notebook"}\`          |
| GET    | /api/items/{id}   | one item                                |

\`\`\`bash
curl -X POST localhost:8080/api/items -d '{"name":"Notebook"}'
curl localhost:8080/api/items
\`\`\`

## Layout

- \`main.go\`: configuration, routes and the server
- \`handlers.go\`: the store and the HTTP handlers
- \`handlers_test.go\`: tests for the handlers
`,
  ),
  file(
    '.gitignore',
    `
/server
*.exe
*.test
*.out
`,
  ),
  file(
    'go.mod',
    `
module example.com/go-app

go 1.22
`,
  ),
  file(
    'main.go',
    `
package main

import (
	"log"
	"net/http"
	"os"
	"time"
)

func main() {
	port := os.Getenv("PORT")
	if port == "" {
		port = "8080"
	}

	server := &http.Server{
		Addr:              ":" + port,
		Handler:           logRequests(newMux(NewStore())),
		ReadHeaderTimeout: 5 * time.Second,
	}

	log.Printf("listening on http://localhost:%s", port)
	if err := server.ListenAndServe(); err != nil {
		log.Fatal(err)
	}
}

// newMux registers the routes. Method patterns such as "GET /api/items/{id}" need Go 1.22.
func newMux(store *Store) *http.ServeMux {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", handleIndex)
	mux.HandleFunc("GET /api/health", handleHealth)
	mux.HandleFunc("GET /api/items", store.handleList)
	mux.HandleFunc("POST /api/items", store.handleCreate)
	mux.HandleFunc("GET /api/items/{id}", store.handleGet)
	return mux
}

// logRequests logs the method, path and duration of every request.
func logRequests(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		next.ServeHTTP(w, r)
		log.Printf("%s %s %s", r.Method, r.URL.Path, time.Since(start))
	})
}
`,
  ),
  file(
    'handlers.go',
    `
package main

import (
	"encoding/json"
	"io"
	"log"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"
)

const maxNameLength = 100

// Item is one entry in the store.
type Item struct {
	ID        int       \`json:"id"\`
	Name      string    \`json:"name"\`
	CreatedAt time.Time \`json:"createdAt"\`
}

// Store keeps items in memory. Handlers run concurrently, so a mutex guards it.
type Store struct {
	mu     sync.Mutex
	items  []Item
	nextID int
}

// NewStore returns an empty store.
func NewStore() *Store {
	return &Store{nextID: 1}
}

// List returns a copy of every item, oldest first.
func (s *Store) List() []Item {
	s.mu.Lock()
	defer s.mu.Unlock()
	items := make([]Item, len(s.items))
	copy(items, s.items)
	return items
}

// Get returns the item with the given id.
func (s *Store) Get(id int) (Item, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, item := range s.items {
		if item.ID == id {
			return item, true
		}
	}
	return Item{}, false
}

// Add stores a new item and returns it.
func (s *Store) Add(name string) Item {
	s.mu.Lock()
	defer s.mu.Unlock()
	item := Item{ID: s.nextID, Name: name, CreatedAt: time.Now().UTC()}
	s.nextID++
	s.items = append(s.items, item)
	return item
}

const indexHTML = \`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Go Web Server</title>
    <style>
      body { font-family: system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; padding: 0 1rem; line-height: 1.6; }
      code { background: #eef2f7; padding: 0.1rem 0.35rem; border-radius: 4px; }
      h1 { color: #00758d; }
    </style>
  </head>
  <body>
    <h1>Go Web Server</h1>
    <p>This page and the JSON API are served by the Go standard library.</p>
    <ul>
      <li><a href="/api/health"><code>GET /api/health</code></a></li>
      <li><a href="/api/items"><code>GET /api/items</code></a></li>
      <li><code>POST /api/items</code> with <code>{"name": "..."}</code></li>
    </ul>
  </body>
</html>
\`

func handleIndex(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	if _, err := io.WriteString(w, indexHTML); err != nil {
		log.Printf("write index: %v", err)
	}
}

func handleHealth(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
}

func (s *Store) handleList(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, http.StatusOK, s.List())
}

func (s *Store) handleGet(w http.ResponseWriter, r *http.Request) {
	id, err := strconv.Atoi(r.PathValue("id"))
	if err != nil {
		writeError(w, http.StatusBadRequest, "id must be a number")
		return
	}
	item, ok := s.Get(id)
	if !ok {
		writeError(w, http.StatusNotFound, "item not found")
		return
	}
	writeJSON(w, http.StatusOK, item)
}

type createItemRequest struct {
	Name string \`json:"name"\`
}

func (s *Store) handleCreate(w http.ResponseWriter, r *http.Request) {
	var body createItemRequest
	r.Body = http.MaxBytesReader(w, r.Body, 1<<20)
	if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
		writeError(w, http.StatusBadRequest, "body must be a JSON object with a name")
		return
	}
	name := strings.TrimSpace(body.Name)
	if name == "" {
		writeError(w, http.StatusBadRequest, "name is required")
		return
	}
	if utf8.RuneCountInString(name) > maxNameLength {
		writeError(w, http.StatusBadRequest, "name must be at most "+strconv.Itoa(maxNameLength)+" characters")
		return
	}
	item := s.Add(name)
	w.Header().Set("Location", "/api/items/"+strconv.Itoa(item.ID))
	writeJSON(w, http.StatusCreated, item)
}

func writeJSON(w http.ResponseWriter, status int, value any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	if err := json.NewEncoder(w).Encode(value); err != nil {
		log.Printf("write response: %v", err)
	}
}

func writeError(w http.ResponseWriter, status int, message string) {
	writeJSON(w, status, map[string]string{"error": message})
}
`,
  ),
  file(
    'handlers_test.go',
    `
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

	created := serve(t, mux, http.MethodPost, "/api/items", \`{"name":"  Notebook  "}\`)
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
		{"blank name", \`{"name":"   "}\`, "name is required"},
		{"not JSON", \`name=Notebook\`, "body must be a JSON object with a name"},
		{"too long", \`{"name":"\` + strings.Repeat("x", 101) + \`"}\`, "name must be at most 100 characters"},
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
`,
  ),
];
