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
