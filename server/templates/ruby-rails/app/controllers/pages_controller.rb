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
