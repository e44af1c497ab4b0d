// Calls the JSON API from the page without reloading it.
const form = document.getElementById('greet-form');
const output = document.getElementById('greeting');

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  const name = new FormData(form).get('name');
  try {
    const response = await fetch(`/api/greet?name=${encodeURIComponent(name)}`);
    const body = await response.json();
    output.textContent = response.ok ? body.message : body.error;
  } catch {
    output.textContent = 'Could not reach the server.';
  }
});
