// The entry point of your project: run it with `node index.js`.

function greet(name) {
  return `Hello, ${name}! Your project is ready.`;
}

console.log(greet('world'));
console.log('Edit index.js and run it again to see your changes.');
