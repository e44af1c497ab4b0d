Rails.application.routes.draw do
  root "pages#home"
  get "about", to: "pages#about"
  get "api/health", to: "pages#health", as: :api_health

  # Reveal health status on /up that returns 200 if the app boots with no exceptions.
  get "up" => "rails/health#show", as: :rails_health_check
end
