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
	ID        int       `json:"id"`
	Name      string    `json:"name"`
	CreatedAt time.Time `json:"createdAt"`
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

const indexHTML = `<!doctype html>
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
`

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
	Name string `json:"name"`
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
