export interface Item {
  id: string;
  name: string;
  habitat: string;
  description: string;
}

export const items: Item[] = [
  {
    id: '1',
    name: 'Red fox',
    habitat: 'Woodland edges, farmland and towns',
    description: 'A small, adaptable hunter with a bushy white-tipped tail.',
  },
  {
    id: '2',
    name: 'European badger',
    habitat: 'Deciduous woods with soft soil for digging',
    description: 'A striped night-time forager that lives in family groups in a sett.',
  },
  {
    id: '3',
    name: 'Barn owl',
    habitat: 'Open grassland and old farm buildings',
    description: 'A pale owl that hunts by sound, gliding low over fields at dusk.',
  },
];

export function findItem(id: string): Item | undefined {
  return items.find((item) => item.id === id);
}
