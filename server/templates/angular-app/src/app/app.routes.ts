import type { Routes } from '@angular/router';
import { AboutComponent } from './pages/about.component';
import { HomeComponent } from './pages/home.component';

export const routes: Routes = [
  { path: '', component: HomeComponent, title: 'Home' },
  { path: 'about', component: AboutComponent, title: 'About' },
  { path: '**', redirectTo: '' },
];
