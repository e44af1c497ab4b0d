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
