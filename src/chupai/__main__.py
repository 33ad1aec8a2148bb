from chupai.cli.main import main

raise SystemExit(main())
