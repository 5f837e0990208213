from .cli.app import run

if __name__ == "__main__":  # (a helper process started by spawn imports this module too)
    run()
