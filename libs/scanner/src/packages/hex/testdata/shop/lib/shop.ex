defmodule Shop do end
