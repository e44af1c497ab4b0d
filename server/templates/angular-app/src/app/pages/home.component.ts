import { Component, computed, signal } from '@angular/core';

interface Task {
  id: number;
  title: string;
  done: boolean;
}

@Component({
  selector: 'app-home',
  template: `
    <h1>Hello, Angular</h1>
    <p class="lead">
      This page is <code>src/app/pages/home.component.ts</code>. State lives in signals, so the
      view updates on its own.
    </p>

    <section class="card">
      <h2>Tasks ({{ remaining() }} left)</h2>
      <form (submit)="add($event, titleInput)">
        <input #titleInput placeholder="Add a task" aria-label="New task" />
        <button type="submit">Add</button>
      </form>
      <ul>
        @for (task of tasks(); track task.id) {
          <li>
            <label [class.done]="task.done">
              <input type="checkbox" [checked]="task.done" (change)="toggle(task.id)" />
              {{ task.title }}
            </label>
          </li>
        } @empty {
          <li>Nothing to do.</li>
        }
      </ul>
    </section>
  `,
  styles: `
    .lead {
      color: var(--muted);
    }
    .card {
      padding: 1.5rem;
      border: 1px solid var(--border);
      border-radius: 14px;
      background: var(--surface);
    }
    h2 {
      margin-top: 0;
      font-size: 1.2rem;
    }
    form {
      display: flex;
      gap: 0.5rem;
    }
    form input {
      flex: 1;
      padding: 0.5rem 0.75rem;
      border: 1px solid var(--border);
      border-radius: 8px;
    }
    button {
      padding: 0.5rem 1rem;
      border: 0;
      border-radius: 8px;
      background: var(--accent);
      color: #fff;
      cursor: pointer;
    }
    ul {
      padding: 0;
      list-style: none;
    }
    li {
      padding: 0.3rem 0;
    }
    .done {
      text-decoration: line-through;
      opacity: 0.6;
    }
  `,
})
export class HomeComponent {
  protected readonly tasks = signal<Task[]>([
    { id: 1, title: 'Read the Angular docs', done: true },
    { id: 2, title: 'Build a standalone component', done: false },
  ]);
  protected readonly remaining = computed(() => this.tasks().filter((task) => !task.done).length);

  protected add(event: Event, input: HTMLInputElement) {
    event.preventDefault();
    const title = input.value.trim();
    if (!title) return;
    this.tasks.update((tasks) => [...tasks, { id: Date.now(), title, done: false }]);
    input.value = '';
  }

  protected toggle(id: number) {
    this.tasks.update((tasks) =>
      tasks.map((task) => (task.id === id ? { ...task, done: !task.done } : task)),
    );
  }
}
