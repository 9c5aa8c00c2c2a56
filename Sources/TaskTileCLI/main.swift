print("tasktile")
