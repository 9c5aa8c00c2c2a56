print("tasktile-render")
