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
