import { DEMO_VIDEO_ASSET, q, type SeedTopic } from './types.ts';

export const howComputersWork: SeedTopic = {
  name: 'How Computers Work',
  about: 'From early calculating machines to the CPU, memory, storage, binary numbers and input and output devices.',
  file: { type: 'youtube', url: 'https://www.youtube.com/embed/O5nskjZ_GoI' },
  questions: [
    q('What does CPU stand for?', 'Central Processing Unit', [
      'Computer Personal Unit',
      'Central Program Utility',
      'Control Printing Unit',
    ]),
    q('Which digits does the binary number system use?', '0 and 1', ['0 to 9', '1 and 2', 'A to F']),
    q('How many bits make one byte?', '8', ['4', '16', '10']),
    q('Which of these is an input device?', 'Keyboard', ['Monitor', 'Printer', 'Speaker']),
    q('Which of these is an output device?', 'Printer', ['Mouse', 'Scanner', 'Microphone']),
    q('What is RAM?', 'Working memory that is cleared when the power goes off', [
      'Permanent storage for files',
      'A kind of printer',
      'An input device',
    ]),
    q('What is the binary number 101 in decimal?', '5', ['3', '6', '101']),
    q('Which part is often called the brain of the computer?', 'The CPU', ['The monitor', 'The keyboard', 'The mouse']),
    q('Which machine did Charles Babbage design in the 1830s?', 'The Analytical Engine', [
      'The telephone',
      'The light bulb',
      'The printing press',
    ]),
    q('Who is often called the first computer programmer?', 'Ada Lovelace', [
      'Alan Turing',
      'Marie Curie',
      'Bill Gates',
    ]),
    q('Which of these keeps data when the computer is switched off?', 'A hard disk or SSD', [
      'RAM',
      'The CPU registers',
      'The screen',
    ]),
    q('What is the decimal number 10 in binary?', '1010', ['1100', '1001', '0110']),
    q('Which of these is an operating system?', 'Linux', ['Google Chrome', 'Microsoft Word', 'Python']),
  ],
};

export const variablesAndDataTypes: SeedTopic = {
  name: 'Variables and Data Types',
  about: 'Naming and assigning variables in Python, numbers, strings, booleans and lists, and converting between them.',
  file: { type: 'pdf', asset: 'python-variables.pdf' },
  questions: [
    q('Which Python line creates a variable named age holding 14?', 'age = 14', [
      '14 = age',
      'age == 14',
      'var age: 14',
    ]),
    q('What does type(3.5) give in Python?', "<class 'float'>", ["<class 'int'>", "<class 'str'>", "<class 'bool'>"]),
    q('What does print("5" + "3") show?', '53', ['8', '5 3', 'An error']),
    q('Which of these is a valid Python variable name?', 'student_name', ['2name', 'student-name', 'class']),
    q('What is the data type of True?', 'bool', ['str', 'float', 'list']),
    q('What is the value of int("42") + 1?', '43', ['421', '"43"', 'An error']),
    q('What does len("India") return?', '5', ['4', '6', 'An error']),
    q('Which symbol starts a comment in Python?', '#', ['//', '/*', '--']),
    q('After x = 10 and then x = x + 5, what does print(x) show?', '15', ['10', '5', 'x + 5']),
    q('Which of these is a Python list?', '[1, 2, 3]', ['(1, 2, 3)', '{1, 2, 3}', '"1, 2, 3"']),
    q('What does print(7 // 2) show?', '3', ['3.5', '4', '1']),
    q('What does print(7 % 3) show?', '1', ['2', '0', '2.33']),
    q('What type of value does input() always return?', 'str', ['int', 'float', 'bool']),
  ],
};

export const conditionsAndLoops: SeedTopic = {
  name: 'Conditions and Loops',
  about: 'Making decisions with if, elif and else, and repeating work with for and while loops.',
  file: { type: 'video', asset: DEMO_VIDEO_ASSET },
  questions: [
    q('Which keyword checks a condition in Python?', 'if', ['for', 'def', 'import']),
    q('How many times does the body of "for i in range(5)" run?', '5', ['4', '6', '0']),
    q('Which numbers does range(1, 4) produce?', '1, 2, 3', ['1, 2, 3, 4', '0, 1, 2, 3', '4']),
    q('Which keyword ends a loop immediately?', 'break', ['continue', 'pass', 'stop']),
    q('What does continue do inside a loop?', 'Skips to the next iteration', [
      'Ends the program',
      'Leaves the loop for good',
      'Repeats the current iteration',
    ]),
    q("x = 7. What does \"if x > 5: print('big') else: print('small')\" print?", 'big', [
      'small',
      'big small',
      'Nothing',
    ]),
    q('Which operator checks whether two values are equal?', '==', ['=', '!=', '=>']),
    q('How long does a while loop keep running?', 'As long as its condition is True', [
      'As long as its condition is False',
      'Exactly 10 times',
      'Exactly once',
    ]),
    q('total = 0, then "for n in [1, 2, 3]: total += n". What is total?', '6', ['3', '123', '0']),
    q('Which keyword adds another condition after an if?', 'elif', ['elseif', 'else if', 'then']),
    q('What is the value of "not True"?', 'False', ['True', 'None', 'An error']),
    q('What is the value of "5 > 3 and 2 > 4"?', 'False', ['True', 'None', 'An error']),
    q('How does Python mark which lines belong to an if or a loop?', 'By indentation', [
      'With curly braces',
      'With semicolons',
      'With square brackets',
    ]),
  ],
};

export const pythonFunctions: SeedTopic = {
  name: 'Python Functions',
  about: 'Defining functions with def, parameters and arguments, default values, return values and scope.',
  file: { type: 'link', url: 'https://docs.python.org/3/tutorial/controlflow.html#defining-functions' },
  questions: [
    q('Which keyword defines a function in Python?', 'def', ['func', 'function', 'define']),
    q('Which keyword sends a value back from a function?', 'return', ['print', 'output', 'send']),
    q('def add(a, b): return a + b. What is add(2, 3)?', '5', ['23', '6', 'None']),
    q('What does a function without a return statement return?', 'None', ['0', 'False', 'An empty string']),
    q('What are the values passed to a function when it is called?', 'Arguments', ['Keywords', 'Modules', 'Comments']),
    q("def greet(name='Friend'): return 'Hi ' + name. What is greet()?", "'Hi Friend'", [
      "'Hi '",
      "'Hi name'",
      'An error',
    ]),
    q('Which built-in function gives the largest item of a list?', 'max()', ['big()', 'top()', 'largest()']),
    q('What is a variable created inside a function called?', 'A local variable', [
      'A global variable',
      'A constant',
      'A module',
    ]),
    q('What are len, print and input?', 'Built-in functions', ['Keywords', 'Modules', 'Variables']),
    q('How do you call a function named show that takes no arguments?', 'show()', ['call show', 'show[]', 'def show']),
    q('def square(n): return n * n. What is square(4)?', '16', ['8', '4', '44']),
    q('Which keyword makes a small anonymous function?', 'lambda', ['def', 'anon', 'fn']),
    q('Why do programmers write functions?', 'To reuse code without repeating it', [
      'To make programs free of errors',
      'To replace all variables',
      'To avoid using loops',
    ]),
  ],
};
