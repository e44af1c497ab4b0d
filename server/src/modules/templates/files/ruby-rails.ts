import type { TemplateFile } from '@kiln/shared';
import { file } from './define';

export const rubyRailsFiles: TemplateFile[] = [
  file(
    'README.md',
    `
# Ruby on Rails

A lean [Rails 8](https://rubyonrails.org) app: a controller, views with a shared layout,
routes, a JSON endpoint and integration tests. It loads only the parts of Rails it uses
(Action Controller and Action View), so it needs no database to start.

## Run it

You need Ruby 3.2 or newer and Bundler.

\`\`\`bash
bundle install
bin/rails server         # http://localhost:3000
bin/rails test           # run the tests
\`\`\`

If \`bin/rails\` is not executable on your system, run \`chmod +x bin/rails\` or call it as
\`ruby bin/rails server\`.

## Routes

| Path          | Controller action     |
| ------------- | --------------------- |
| \`/\`           | \`pages#home\`          |
| \`/about\`      | \`pages#about\`         |
| \`/api/health\` | \`pages#health\` (JSON) |
| \`/up\`         | Rails' health check   |

\`bin/rails routes\` prints the full list.

## Growing it

- Add a database: add \`gem "sqlite3"\` to the Gemfile, \`require "active_record/railtie"\` in
  \`config/application.rb\`, and create \`config/database.yml\`.
- In production, set \`SECRET_KEY_BASE\` (generate one with \`bin/rails secret\`) and
  \`RAILS_ENV=production\`.
`,
  ),
  file(
    '.gitignore',
    `
/log/*
/tmp/*
/.bundle
/vendor/bundle
`,
  ),
  file(
    'Gemfile',
    `
source "https://rubygems.org"

gem "rails", "~> 8.0"
gem "puma", ">= 6.0"

# Windows does not include zoneinfo files, so bundle the tzinfo-data gem.
gem "tzinfo-data", platforms: %i[windows jruby]
`,
  ),
  file(
    'config.ru',
    `
# This file is used by Rack-based servers to start the application.

require_relative "config/environment"

run Rails.application
Rails.application.load_server
`,
  ),
  file(
    'Rakefile',
    `
# Add your own tasks in files placed in lib/tasks ending in .rake,
# for example lib/tasks/capistrano.rake, and they will automatically be available to Rake.

require_relative "config/application"

Rails.application.load_tasks
`,
  ),
  file(
    'bin/rails',
    `
#!/usr/bin/env ruby
APP_PATH = File.expand_path("../config/application", __dir__)
require_relative "../config/boot"
require "rails/commands"
`,
  ),
  file(
    'config/boot.rb',
    `
ENV["BUNDLE_GEMFILE"] ||= File.expand_path("../Gemfile", __dir__)

require "bundler/setup" # Set up gems listed in the Gemfile.
`,
  ),
  file(
    'config/application.rb',
    `
require_relative "boot"

require "rails"
# Only the frameworks this app uses; add more (e.g. "active_record/railtie") as it grows.
require "action_controller/railtie"
require "action_view/railtie"
require "rails/test_unit/railtie"

# Require the gems listed in Gemfile, including any gems
# you've limited to :test, :development, or :production.
Bundler.require(*Rails.groups)

module KilnRailsApp
  class Application < Rails::Application
    # Initialize configuration defaults for originally generated Rails version.
    config.load_defaults 8.0

    # With no config/environments/*.rb files, the per-environment settings live here.
    config.enable_reloading = Rails.env.development?
    config.eager_load = Rails.env.production?
    config.consider_all_requests_local = !Rails.env.production?
    config.log_level = Rails.env.production? ? :info : :debug

    # Answer any host name in development, so the app also works behind preview proxies.
    config.hosts.clear if Rails.env.development?

    config.time_zone = "UTC"
  end
end
`,
  ),
  file(
    'config/environment.rb',
    `
# Load the Rails application.
require_relative "application"

# Initialize the Rails application.
Rails.application.initialize!
`,
  ),
  file(
    'config/routes.rb',
    `
Rails.application.routes.draw do
  root "pages#home"
  get "about", to: "pages#about"
  get "api/health", to: "pages#health", as: :api_health

  # Reveal health status on /up that returns 200 if the app boots with no exceptions.
  get "up" => "rails/health#show", as: :rails_health_check
end
`,
  ),
  file(
    'app/controllers/application_controller.rb',
    `
class ApplicationController < ActionController::Base
end
`,
  ),
  file(
    'app/controllers/pages_controller.rb',
    `
class PagesController < ApplicationController
  FEATURES = [
    "Routes in config/routes.rb",
    "Controllers in app/controllers",
    "ERB views with a shared layout in app/views",
    "Integration tests in test/",
  ].freeze

  def home
    @features = FEATURES
    @rails_version = Rails.version
  end

  def about
  end

  def health
    render json: { status: "ok" }
  end
end
`,
  ),
  file(
    'app/views/layouts/application.html.erb',
    `
<!DOCTYPE html>
<html lang="en">
  <head>
    <title><%= content_for(:title) || "Rails App" %></title>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width,initial-scale=1">
    <%= csrf_meta_tags %>
    <%= csp_meta_tag %>
    <link rel="stylesheet" href="/styles.css">
  </head>
  <body>
    <header class="site-header">
      <%= link_to "Rails App", root_path, class: "brand" %>
      <nav>
        <%= link_to "Home", root_path %>
        <%= link_to "About", about_path %>
      </nav>
    </header>
    <main class="container">
      <%= yield %>
    </main>
  </body>
</html>
`,
  ),
  file(
    'app/views/pages/home.html.erb',
    `
<% content_for :title, "Home" %>

<h1>Welcome to Rails</h1>
<p class="lead">
  This page is <code>app/views/pages/home.html.erb</code>, rendered by
  <code>PagesController#home</code> on Rails <%= @rails_version %>.
</p>

<ul class="features">
  <% @features.each do |feature| %>
    <li><%= feature %></li>
  <% end %>
</ul>

<p>
  Try the JSON endpoint: <%= link_to "/api/health", api_health_path %>.
</p>
`,
  ),
  file(
    'app/views/pages/about.html.erb',
    `
<% content_for :title, "About" %>

<h1>About</h1>
<p>
  Rails follows convention over configuration: the <code>about</code> route maps to
  <code>PagesController#about</code>, which renders <code>app/views/pages/about.html.erb</code>
  inside <code>app/views/layouts/application.html.erb</code> without any extra code.
</p>
<p><%= link_to "Back home", root_path %></p>
`,
  ),
  file(
    'public/styles.css',
    `
:root {
  --accent: #cc0000;
  --muted: #5d5f66;
  --border: #e4e4e7;
  font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
  line-height: 1.6;
  color: #1d1d21;
  background: #fafafa;
}

body {
  margin: 0;
}

.site-header {
  display: flex;
  align-items: center;
  justify-content: space-between;
  padding: 1rem 1.5rem;
  background: #ffffff;
  border-bottom: 1px solid var(--border);
}

.site-header nav {
  display: flex;
  gap: 1.25rem;
}

.site-header a {
  color: var(--muted);
  text-decoration: none;
}

.site-header .brand {
  color: var(--accent);
  font-weight: 700;
}

.container {
  width: min(680px, 100% - 2rem);
  margin: 0 auto;
  padding: 2.5rem 0;
}

h1 {
  margin-top: 0;
  font-size: 2.4rem;
}

.lead {
  color: var(--muted);
  font-size: 1.1rem;
}

code {
  font-family: ui-monospace, Consolas, monospace;
  padding: 0.1em 0.3em;
  border-radius: 4px;
  background: #f0f0f2;
}

a {
  color: var(--accent);
}
`,
  ),
  file(
    'test/test_helper.rb',
    `
ENV["RAILS_ENV"] ||= "test"
require_relative "../config/environment"
require "rails/test_help"
`,
  ),
  file(
    'test/controllers/pages_controller_test.rb',
    `
require "test_helper"

class PagesControllerTest < ActionDispatch::IntegrationTest
  test "home page renders inside the layout" do
    get root_path
    assert_response :success
    assert_select "h1", "Welcome to Rails"
    assert_select "nav a", 2
  end

  test "about page renders" do
    get about_path
    assert_response :success
    assert_select "h1", "About"
  end

  test "health endpoint answers JSON" do
    get api_health_path
    assert_response :success
    assert_equal({ "status" => "ok" }, response.parsed_body)
  end
end
`,
  ),
];
