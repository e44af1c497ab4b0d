import { Link } from 'react-router';
import { items } from '../data/items.ts';

function HomePage() {
  return (
    <>
      <h1>Field Guide</h1>
      <p className="lead">Pick an animal to open its page. Each one lives at its own URL.</p>
      <ul className="item-list">
        {items.map((item) => (
          <li key={item.id}>
            <Link to={`/items/${item.id}`}>
              <strong>{item.name}</strong>
              <span>{item.habitat}</span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}

export default HomePage;
