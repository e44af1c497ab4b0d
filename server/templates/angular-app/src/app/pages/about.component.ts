import { Component } from '@angular/core';
import { RouterLink } from '@angular/router';

@Component({
  selector: 'app-about',
  imports: [RouterLink],
  template: `
    <h1>About</h1>
    <p>
      Every part of this app is a standalone component: no NgModules. Routes are declared in
      <code>app.routes.ts</code> and provided in <code>app.config.ts</code>.
    </p>
    <a routerLink="/">Back home</a>
  `,
})
export class AboutComponent {}
