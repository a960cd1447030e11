from lazytree.cli import main

main()
