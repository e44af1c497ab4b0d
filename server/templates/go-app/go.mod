module example.com/go-app

go 1.22
