import { useState, type FormEvent } from 'react';
import './App.css';

interface Task {
  id: number;
  title: string;
  done: boolean;
}

function App() {
  const [count, setCount] = useState(0);
  const [tasks, setTasks] = useState<Task[]>([
    { id: 1, title: 'Edit src/App.tsx and save', done: false },
    { id: 2, title: 'Watch the page update instantly', done: false },
  ]);
  const [title, setTitle] = useState('');

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = title.trim();
    if (!trimmed) return;
    setTasks((current) => [...current, { id: Date.now(), title: trimmed, done: false }]);
    setTitle('');
  }

  function toggleTask(id: number) {
    setTasks((current) =>
      current.map((task) => (task.id === id ? { ...task, done: !task.done } : task)),
    );
  }

  const remaining = tasks.filter((task) => !task.done).length;

  return (
    <main className="app">
      <header>
        <h1>React + Vite</h1>
        <p className="subtitle">
          Edit <code>src/App.tsx</code> and save to see hot module replacement.
        </p>
      </header>

      <section className="card">
        <h2>Counter</h2>
        <div className="counter">
          <button type="button" onClick={() => setCount((value) => value - 1)} aria-label="Decrease">
            -
          </button>
          <output aria-live="polite">{count}</output>
          <button type="button" onClick={() => setCount((value) => value + 1)} aria-label="Increase">
            +
          </button>
        </div>
        <button type="button" className="link-button" onClick={() => setCount(0)}>
          Reset
        </button>
      </section>

      <section className="card">
        <h2>Tasks ({remaining} left)</h2>
        <form className="task-form" onSubmit={handleSubmit}>
          <input
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            placeholder="Add a task"
            aria-label="New task"
          />
          <button type="submit">Add</button>
        </form>
        <ul className="tasks">
          {tasks.map((task) => (
            <li key={task.id}>
              <label className={task.done ? 'done' : undefined}>
                <input type="checkbox" checked={task.done} onChange={() => toggleTask(task.id)} />
                {task.title}
              </label>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}

export default App;
