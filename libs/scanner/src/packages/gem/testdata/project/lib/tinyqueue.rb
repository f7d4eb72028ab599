module TinyQueue; end
